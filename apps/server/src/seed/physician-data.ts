/**
 * Source lists of the physician generator: names, where physicians live, how specialties are
 * spread. Names mix the origins of the US physician workforce (about a quarter of US physicians
 * trained abroad, many in India, Pakistan, the Philippines, Nigeria and the Middle East).
 */

/** A comma- and line-separated list with `// group` comment lines, each name once. */
function nameList(text: string): readonly string[] {
  const names = text
    .split('\n')
    .filter((line) => !line.trim().startsWith('//'))
    .flatMap((line) => line.split(','))
    .map((name) => name.trim())
    .filter((name) => name !== '');
  return [...new Set(names)];
}

export const FIRST_NAMES: readonly string[] = nameList(`
// English, Irish, Scottish, Welsh
James, John, Robert, Michael, William, David, Richard, Joseph, Thomas, Charles
Christopher, Daniel, Matthew, Anthony, Mark, Steven, Paul, Andrew, Joshua, Kenneth
Kevin, Brian, George, Timothy, Ronald, Jason, Edward, Jeffrey, Ryan, Jacob
Gary, Nicholas, Eric, Jonathan, Stephen, Larry, Justin, Scott, Brandon, Benjamin
Samuel, Gregory, Alexander, Patrick, Frank, Raymond, Jack, Dennis, Jerry, Tyler
Aaron, Henry, Adam, Douglas, Nathan, Peter, Zachary, Kyle, Noah, Ethan
Jeremy, Christian, Sean, Austin, Carl, Dylan, Logan, Owen, Connor, Caleb
Mary, Patricia, Jennifer, Linda, Elizabeth, Barbara, Susan, Jessica, Sarah, Karen
Lisa, Nancy, Betty, Margaret, Sandra, Ashley, Kimberly, Emily, Donna, Michelle
Carol, Amanda, Melissa, Deborah, Stephanie, Rebecca, Sharon, Laura, Cynthia, Kathleen
Amy, Angela, Shirley, Anna, Brenda, Pamela, Emma, Nicole, Helen, Samantha
Katherine, Christine, Rachel, Carolyn, Janet, Catherine, Heather, Julie, Olivia, Abigail
Hannah, Lauren, Megan, Allison, Caroline, Claire, Grace, Molly, Erin, Kelly
Siobhan, Bridget, Declan, Fiona, Rhys, Morgan
// Spanish, Portuguese, Latin American
José, Luis, Carlos, Juan, Jorge, Miguel, Alejandro, Ricardo, Fernando, Javier
Eduardo, Diego, Rafael, Andrés, Mateo, Gabriel, Sergio, Héctor, Raúl, Marco
María, Ana, Sofía, Isabella, Valentina, Camila, Lucía, Gabriela, Daniela, Adriana
Carmen, Elena, Rosa, Patricia, Mariana, Ximena, Paola, Beatriz, João, Thiago
// South Asian
Arjun, Rahul, Vikram, Sanjay, Amit, Rajesh, Anil, Suresh, Ravi, Nikhil
Rohan, Karan, Deepak, Ashok, Vivek, Imran, Faisal, Asif, Bilal, Hassan
Priya, Anjali, Neha, Pooja, Sneha, Divya, Kavya, Aisha, Sana, Fatima
Meera, Lakshmi, Shreya, Nisha, Ayesha, Sunita, Rekha, Farah, Zainab, Nadia
// East and Southeast Asian
Wei, Jian, Hao, Chen, Ming, Jun, Hiroshi, Takeshi, Kenji, Min-jun
Ji-hoon, Sung, Duc, Minh, Tuan, Jose Miguel, Mei, Ling, Xiu, Yan
Yuki, Haruka, Aiko, Ji-woo, Seo-yeon, Hana, Linh, Thao, Maricel, Rowena
// African and African American
Chinedu, Oluwaseun, Emeka, Kwame, Kofi, Tunde, Obinna, Ikenna, Darius, Malik
Andre, Marcus, Terrence, Jamal, Andrea, Ngozi, Adaeze, Chioma, Folake, Amara
Imani, Keisha, Jasmine, Aaliyah, Nia, Ebony, Tiana, Yetunde, Abena, Zuri
// Middle Eastern
Omar, Ahmed, Mohammed, Khalid, Youssef, Tariq, Karim, Rami, Samir, Nabil
Leila, Yasmin, Rania, Dalia, Noor, Mariam, Huda, Reem, Amir, Dariush
// Eastern European, Jewish, Greek, Italian, German
Dmitri, Alexei, Sergei, Ivan, Nikolai, Pavel, Tomasz, Marek, Andrzej, Stefan
Natalia, Olga, Irina, Svetlana, Katarzyna, Agnieszka, Ilana, Miriam, Avi, Eli
Rivka, Yael, Dimitrios, Nikos, Eleni, Sofia, Giovanni, Luca, Francesca, Giulia
Matteo, Lorenzo, Klaus, Friedrich, Greta, Ingrid, Lars, Erik, Astrid, Anders
`);

export const LAST_NAMES: readonly string[] = nameList(`
// English, Irish, Scottish, Welsh, German
Smith, Johnson, Williams, Brown, Jones, Miller, Davis, Wilson, Anderson, Taylor
Thomas, Moore, Jackson, Martin, Thompson, White, Harris, Clark, Lewis, Robinson
Walker, Young, Allen, King, Wright, Scott, Hill, Green, Adams, Baker
Nelson, Carter, Mitchell, Roberts, Turner, Phillips, Campbell, Parker, Evans, Edwards
Collins, Stewart, Morris, Murphy, Cook, Rogers, Morgan, Cooper, Peterson, Bailey
Reed, Kelly, Howard, Cox, Ward, Richardson, Watson, Brooks, Wood, James
Bennett, Gray, Hughes, Price, Sanders, Myers, Long, Ross, Foster, Powell
Jenkins, Perry, Russell, Sullivan, Bell, Coleman, Butler, Henderson, Barnes, Fisher
Graham, Wallace, Hamilton, Ellis, Murray, Ford, Marshall, Owens, McDonald, Kennedy
O'Brien, O'Connor, Gallagher, Fitzgerald, Donnelly, McCarthy, Byrne, Quinn, Doyle, Brennan
MacLeod, Fraser, Davies, Llewellyn, Schmidt, Schneider, Fischer, Weber, Becker, Hoffmann
Wagner, Keller, Zimmerman, Hartman, Kramer, Lindqvist, Olsen, Hansen, Johansson, Nilsson
// Spanish, Portuguese, Latin American
Garcia, Rodriguez, Martinez, Hernandez, Lopez, Gonzalez, Perez, Sanchez, Ramirez, Torres
Flores, Rivera, Gomez, Diaz, Reyes, Morales, Cruz, Ortiz, Gutierrez, Chavez
Ramos, Ruiz, Alvarez, Mendoza, Castillo, Jimenez, Vasquez, Moreno, Herrera, Medina
Aguilar, Vargas, Castro, Guerrero, Delgado, Salazar, Cortez, Navarro, Rojas, Soto
Fuentes, Espinoza, Cabrera, Santos, Oliveira, Pereira, Costa, Ferreira, Silva, Carvalho
// South Asian
Patel, Shah, Sharma, Singh, Kumar, Gupta, Reddy, Rao, Iyer, Nair
Mehta, Desai, Joshi, Kapoor, Malhotra, Chopra, Agarwal, Bhatt, Menon, Pillai
Krishnan, Subramanian, Venkatesh, Chaudhry, Qureshi, Siddiqui, Khan, Ahmed, Hussain, Malik
Rahman, Chowdhury, Banerjee, Mukherjee, Das, Ghosh, Bose, Trivedi, Pandya, Parikh
// East and Southeast Asian
Nguyen, Tran, Le, Pham, Hoang, Vu, Chen, Wang, Li, Zhang
Liu, Yang, Huang, Zhao, Wu, Zhou, Lin, Lee, Kim, Park
Choi, Jung, Kang, Cho, Yoon, Tanaka, Suzuki, Takahashi, Watanabe, Yamamoto
Nakamura, Kobayashi, Sato, Santiago, Bautista, Villanueva, Dela Cruz, Mendoza-Reyes, Tan, Wong
// African
Okafor, Okonkwo, Adeyemi, Oyelaran, Nwosu, Eze, Obi, Adebayo, Balogun, Mensah
Owusu, Asante, Boateng, Abubakar, Mbeki, Kamau, Odhiambo, Tesfaye, Haile, Bekele
// Middle Eastern
Haddad, Khoury, Saleh, Nasser, Hamdan, Aziz, Farouk, Mansour, Habib, Karimi
Hosseini, Rahimi, Tehrani, Yilmaz, Demir, Kaya, Sahin, Abboud, Awad, Barakat
// Eastern European, Jewish, Greek, Italian
Ivanov, Petrov, Smirnov, Volkov, Kowalski, Nowak, Wisniewski, Novak, Horvat, Popescu
Kovalenko, Shevchenko, Cohen, Levy, Friedman, Goldberg, Rosenberg, Katz, Shapiro, Weiss
Papadopoulos, Georgiou, Nikolaidis, Rossi, Russo, Ferrari, Esposito, Romano, Colombo, Ricci
Marino, Greco, Bruno, Gallo, Conti, DeLuca, Moretti, Lombardi, Barbieri, Caruso
`);

/**
 * Share of each specialty in the US physician workforce (active physicians, AAMC Physician
 * Specialty Data Report, rounded, per mille). Internal medicine holds its ABMS subspecialties
 * (cardiology, gastroenterology, oncology …), as the reference data does.
 */
export const SPECIALTY_WEIGHTS: Readonly<Record<string, number>> = {
  'internal-medicine': 215,
  'family-medicine': 135,
  pediatrics: 72,
  'emergency-medicine': 52,
  anesthesiology: 50,
  'obstetrics-and-gynecology': 47,
  psychiatry: 45,
  'diagnostic-radiology': 32,
  surgery: 30,
  'orthopaedic-surgery': 23,
  ophthalmology: 21,
  neurology: 17,
  dermatology: 14,
  pathology: 14,
  'otolaryngology-head-and-neck-surgery': 11,
  urology: 11,
  'physical-medicine-and-rehabilitation': 11,
  'plastic-surgery': 8,
  'preventive-medicine': 7,
  'neurological-surgery': 6,
  'radiation-oncology': 6,
  'thoracic-and-cardiac-surgery': 5,
  'allergy-and-immunology': 5,
  'vascular-surgery': 4,
  'child-neurology': 2,
  'colon-and-rectal-surgery': 2,
  'interventional-radiology': 2,
  'nuclear-medicine': 1,
  'medical-genetics-and-genomics': 1,
};

/**
 * Home cities: real US cities with the metro population (thousands) that weights them, so big
 * metros hold more physicians. Texas cities are listed apart: the generator puts a fixed share
 * of physicians in Texas. Coordinates come from the gazetteer.
 */
export const TEXAS_CITIES: readonly (readonly [city: string, weight: number])[] = [
  ['Houston', 3300],
  ['Dallas', 2700],
  ['San Antonio', 2100],
  ['Austin', 1900],
  ['Fort Worth', 1300],
  ['El Paso', 870],
  ['Round Rock', 500],
  ['Plano', 450],
  ['Arlington', 400],
  ['Corpus Christi', 420],
  ['McAllen', 480],
  ['Lubbock', 330],
  ['Irving', 250],
  ['Georgetown', 250],
  ['Killeen', 300],
  ['San Marcos', 220],
  ['Cedar Park', 220],
  ['Pflugerville', 180],
  ['Temple', 200],
  ['Waco', 280],
  ['Amarillo', 270],
  ['Brownsville', 420],
  ['Laredo', 270],
  ['Beaumont', 390],
  ['Tyler', 240],
  ['College Station', 270],
  ['Frisco', 220],
  ['Spring', 200],
  ['Sugar Land', 200],
  ['Midland', 180],
  ['Abilene', 180],
  ['Denton', 150],
];

export const OTHER_CITIES: readonly (readonly [city: string, state: string, weight: number])[] = [
  ['New York', 'NY', 9000],
  ['Brooklyn', 'NY', 2500],
  ['Bronx', 'NY', 1000],
  ['Rochester', 'NY', 1000],
  ['Buffalo', 'NY', 1100],
  ['Albany', 'NY', 900],
  ['Syracuse', 'NY', 650],
  ['Los Angeles', 'CA', 9000],
  ['San Diego', 'CA', 3300],
  ['San Francisco', 'CA', 2600],
  ['San Jose', 'CA', 2000],
  ['Sacramento', 'CA', 2400],
  ['Oakland', 'CA', 1500],
  ['Fresno', 'CA', 1000],
  ['Irvine', 'CA', 900],
  ['Long Beach', 'CA', 800],
  ['Riverside', 'CA', 1600],
  ['Chicago', 'IL', 7000],
  ['Evanston', 'IL', 400],
  ['Springfield', 'IL', 210],
  ['Peoria', 'IL', 400],
  ['Miami', 'FL', 4000],
  ['Fort Lauderdale', 'FL', 1800],
  ['Tampa', 'FL', 3200],
  ['Orlando', 'FL', 2700],
  ['Jacksonville', 'FL', 1600],
  ['Gainesville', 'FL', 340],
  ['Tallahassee', 'FL', 390],
  ['Philadelphia', 'PA', 5000],
  ['Pittsburgh', 'PA', 2400],
  ['Hershey', 'PA', 300],
  ['Allentown', 'PA', 860],
  ['Atlanta', 'GA', 5000],
  ['Augusta', 'GA', 600],
  ['Savannah', 'GA', 400],
  ['Boston', 'MA', 4000],
  ['Worcester', 'MA', 900],
  ['Springfield', 'MA', 700],
  ['Washington', 'DC', 3500],
  ['Baltimore', 'MD', 2800],
  ['Bethesda', 'MD', 700],
  ['Seattle', 'WA', 3400],
  ['Spokane', 'WA', 600],
  ['Tacoma', 'WA', 900],
  ['Phoenix', 'AZ', 4000],
  ['Tucson', 'AZ', 1000],
  ['Scottsdale', 'AZ', 500],
  ['Detroit', 'MI', 3500],
  ['Ann Arbor', 'MI', 370],
  ['Grand Rapids', 'MI', 1100],
  ['Lansing', 'MI', 540],
  ['Minneapolis', 'MN', 2500],
  ['Rochester', 'MN', 230],
  ['Saint Paul', 'MN', 1000],
  ['Denver', 'CO', 2800],
  ['Colorado Springs', 'CO', 750],
  ['Aurora', 'CO', 400],
  ['St. Louis', 'MO', 2200],
  ['Kansas City', 'MO', 2000],
  ['Columbia', 'MO', 210],
  ['Charlotte', 'NC', 2600],
  ['Raleigh', 'NC', 1400],
  ['Durham', 'NC', 650],
  ['Chapel Hill', 'NC', 200],
  ['Greensboro', 'NC', 780],
  ['Winston-Salem', 'NC', 680],
  ['Nashville', 'TN', 2000],
  ['Memphis', 'TN', 1300],
  ['Knoxville', 'TN', 900],
  ['Chattanooga', 'TN', 560],
  ['Portland', 'OR', 2500],
  ['Eugene', 'OR', 380],
  ['Las Vegas', 'NV', 2300],
  ['Reno', 'NV', 500],
  ['Cleveland', 'OH', 2100],
  ['Columbus', 'OH', 2100],
  ['Cincinnati', 'OH', 2200],
  ['Toledo', 'OH', 640],
  ['Akron', 'OH', 700],
  ['Indianapolis', 'IN', 2100],
  ['Fort Wayne', 'IN', 420],
  ['Milwaukee', 'WI', 1600],
  ['Madison', 'WI', 680],
  ['Salt Lake City', 'UT', 1300],
  ['Provo', 'UT', 670],
  ['Oklahoma City', 'OK', 1400],
  ['Tulsa', 'OK', 1000],
  ['Louisville', 'KY', 1300],
  ['Lexington', 'KY', 520],
  ['New Orleans', 'LA', 1300],
  ['Baton Rouge', 'LA', 870],
  ['Shreveport', 'LA', 390],
  ['Lafayette', 'LA', 480],
  ['Birmingham', 'AL', 1100],
  ['Mobile', 'AL', 430],
  ['Huntsville', 'AL', 500],
  ['Little Rock', 'AR', 750],
  ['Albuquerque', 'NM', 920],
  ['Las Cruces', 'NM', 220],
  ['Omaha', 'NE', 970],
  ['Lincoln', 'NE', 340],
  ['Des Moines', 'IA', 710],
  ['Iowa City', 'IA', 180],
  ['Wichita', 'KS', 650],
  ['Kansas City', 'KS', 300],
  ['Richmond', 'VA', 1300],
  ['Virginia Beach', 'VA', 1800],
  ['Charlottesville', 'VA', 220],
  ['Arlington', 'VA', 600],
  ['Columbia', 'SC', 830],
  ['Charleston', 'SC', 800],
  ['Greenville', 'SC', 930],
  ['Jackson', 'MS', 590],
  ['Hartford', 'CT', 1200],
  ['New Haven', 'CT', 860],
  ['Providence', 'RI', 1600],
  ['Newark', 'NJ', 1500],
  ['Hackensack', 'NJ', 600],
  ['New Brunswick', 'NJ', 500],
  ['Honolulu', 'HI', 1000],
  ['Anchorage', 'AK', 400],
  ['Boise', 'ID', 760],
  ['Billings', 'MT', 180],
  ['Missoula', 'MT', 120],
  ['Fargo', 'ND', 250],
  ['Sioux Falls', 'SD', 280],
  ['Cheyenne', 'WY', 100],
  ['Burlington', 'VT', 225],
  ['Portland', 'ME', 550],
  ['Manchester', 'NH', 420],
  ['Lebanon', 'NH', 220],
  ['Wilmington', 'DE', 720],
  ['Morgantown', 'WV', 140],
  ['Charleston', 'WV', 250],
];

/** Neighbouring states (shared border), for the states a physician is interested in. */
export const STATE_NEIGHBOURS: Readonly<Record<string, readonly string[]>> = {
  AL: ['FL', 'GA', 'MS', 'TN'],
  AK: ['WA'],
  AZ: ['CA', 'CO', 'NM', 'NV', 'UT'],
  AR: ['LA', 'MO', 'MS', 'OK', 'TN', 'TX'],
  CA: ['AZ', 'NV', 'OR'],
  CO: ['AZ', 'KS', 'NE', 'NM', 'OK', 'UT', 'WY'],
  CT: ['MA', 'NY', 'RI'],
  DC: ['MD', 'VA'],
  DE: ['MD', 'NJ', 'PA'],
  FL: ['AL', 'GA'],
  GA: ['AL', 'FL', 'NC', 'SC', 'TN'],
  HI: ['CA'],
  IA: ['IL', 'MN', 'MO', 'NE', 'SD', 'WI'],
  ID: ['MT', 'NV', 'OR', 'UT', 'WA', 'WY'],
  IL: ['IA', 'IN', 'KY', 'MO', 'WI'],
  IN: ['IL', 'KY', 'MI', 'OH'],
  KS: ['CO', 'MO', 'NE', 'OK'],
  KY: ['IL', 'IN', 'MO', 'OH', 'TN', 'VA', 'WV'],
  LA: ['AR', 'MS', 'TX'],
  MA: ['CT', 'NH', 'NY', 'RI', 'VT'],
  MD: ['DC', 'DE', 'PA', 'VA', 'WV'],
  ME: ['NH'],
  MI: ['IN', 'OH', 'WI'],
  MN: ['IA', 'ND', 'SD', 'WI'],
  MO: ['AR', 'IA', 'IL', 'KS', 'KY', 'NE', 'OK', 'TN'],
  MS: ['AL', 'AR', 'LA', 'TN'],
  MT: ['ID', 'ND', 'SD', 'WY'],
  NC: ['GA', 'SC', 'TN', 'VA'],
  ND: ['MN', 'MT', 'SD'],
  NE: ['CO', 'IA', 'KS', 'MO', 'SD', 'WY'],
  NH: ['MA', 'ME', 'VT'],
  NJ: ['DE', 'NY', 'PA'],
  NM: ['AZ', 'CO', 'OK', 'TX', 'UT'],
  NV: ['AZ', 'CA', 'ID', 'OR', 'UT'],
  NY: ['CT', 'MA', 'NJ', 'PA', 'VT'],
  OH: ['IN', 'KY', 'MI', 'PA', 'WV'],
  OK: ['AR', 'CO', 'KS', 'MO', 'NM', 'TX'],
  OR: ['CA', 'ID', 'NV', 'WA'],
  PA: ['DE', 'MD', 'NJ', 'NY', 'OH', 'WV'],
  RI: ['CT', 'MA'],
  SC: ['GA', 'NC'],
  SD: ['IA', 'MN', 'MT', 'ND', 'NE', 'WY'],
  TN: ['AL', 'AR', 'GA', 'KY', 'MO', 'MS', 'NC', 'VA'],
  TX: ['AR', 'LA', 'NM', 'OK'],
  UT: ['AZ', 'CO', 'ID', 'NM', 'NV', 'WY'],
  VA: ['DC', 'KY', 'MD', 'NC', 'TN', 'WV'],
  VT: ['MA', 'NH', 'NY'],
  WA: ['ID', 'OR'],
  WI: ['IA', 'IL', 'MI', 'MN'],
  WV: ['KY', 'MD', 'OH', 'PA', 'VA'],
  WY: ['CO', 'ID', 'MT', 'NE', 'SD', 'UT'],
};

/** States many physicians look at wherever they live (big markets, no state income tax, sunshine). */
export const POPULAR_STATES: readonly string[] = ['TX', 'FL', 'CA', 'NC', 'AZ', 'CO', 'TN', 'GA', 'WA', 'NY'];
